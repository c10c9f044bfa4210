"""Explicit-sharding embedding layer (JAX "Explicit sharding" guide): tokens are split over batch
('data') and sequence ('model'); the token table is gathered with an explicit out_sharding, then
the learned position table (stored sharded along the feature dimension, like the other weights)
is added."""
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

VOCAB, MAX_LEN, D = 32000, 512, 256


def embed(params, tokens):
    seq_len = tokens.shape[1]
    x = params["tok"].at[tokens].get(out_sharding=P("data", "model", None))
    pos = params["pos"][:seq_len]
    return x + pos[None]


def loss(params, tokens):
    x = embed(params, tokens)
    logits = jnp.einsum("btd,vd->btv", x, params["tok"], out_sharding=P("data", "model", None))
    return jax.nn.logsumexp(logits, axis=-1).mean()


def main():
    mesh = jax.make_mesh((2, 2), ("data", "model"),
                         axis_types=(AxisType.Explicit, AxisType.Explicit))
    spec = lambda shape, dtype, p: jax.ShapeDtypeStruct(shape, dtype, sharding=NamedSharding(mesh, p))
    params = {
        "tok": spec((VOCAB, D), jnp.float32, P()),
        "pos": spec((MAX_LEN, D), jnp.float32, P(None, "model")),
    }
    tokens = spec((8, 128), jnp.int32, P("data", "model"))
    with jax.set_mesh(mesh):
        jax.jit(jax.grad(loss)).trace(params, tokens).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
