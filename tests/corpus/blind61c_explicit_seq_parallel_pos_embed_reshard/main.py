"""Sequence-parallel embedding under explicit sharding: the position table lives sharded along
the feature dimension with the other weights, so it is resharded to the activations' sequence
layout before being added."""
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, reshard

VOCAB, MAX_LEN, D = 32000, 512, 256
ACT = P("data", "model", None)


class Embedder:
    def __init__(self, mesh):
        self.mesh = mesh

    def param_shapes(self):
        s = lambda shape, p: jax.ShapeDtypeStruct(shape, jnp.float32,
                                                  sharding=NamedSharding(self.mesh, p))
        return {"tok": s((VOCAB, D), P()), "pos": s((MAX_LEN, D), P(None, "model"))}

    def __call__(self, params, tokens):
        seq_len = tokens.shape[1]
        x = params["tok"].at[tokens].get(out_sharding=ACT)
        pos = reshard(params["pos"][:seq_len], P("model", None))
        return x + pos[None]


def make_loss(embedder):
    def loss(params, tokens):
        x = embedder(params, tokens)
        logits = jnp.einsum("btd,vd->btv", x, params["tok"], out_sharding=ACT)
        return jax.nn.logsumexp(logits, axis=-1).mean()
    return loss


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
    embedder = Embedder(mesh)
    tokens = jax.ShapeDtypeStruct((8, 128), jnp.int32,
                                  sharding=NamedSharding(mesh, P("data", "model")))
    grad_fn = jax.jit(jax.value_and_grad(make_loss(embedder)))
    with jax.set_mesh(mesh):
        grad_fn.trace(embedder.param_shapes(), tokens).lower(lowering_platforms=("tpu",))
