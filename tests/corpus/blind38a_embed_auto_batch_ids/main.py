"""Token embedding + LayerNorm + vocab projection, batch of token ids sharded over 'data',
Equinox Transformer-example style, on an Auto-axes mesh."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import AxisType as AT

VOCAB, DIM, SEQ, BATCH = 512, 64, 16, 8


class TinyLM(eqx.Module):
    embed: eqx.nn.Embedding
    norm: eqx.nn.LayerNorm
    head: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.embed = eqx.nn.Embedding(VOCAB, DIM, key=k1)
        self.norm = eqx.nn.LayerNorm(DIM)
        self.head = eqx.nn.Linear(DIM, VOCAB, use_bias=False, key=k2)

    def __call__(self, tokens):
        h = jax.vmap(self.embed)(tokens)
        h = jax.vmap(self.norm)(h)
        return jax.vmap(self.head)(h)


def loss_fn(model, tokens):
    logits = jax.vmap(model)(tokens[:, :-1])
    labels = tokens[:, 1:]
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[..., None], axis=-1))


mesh = jax.make_mesh((4,), ("data",), axis_types=(AT.Auto,))
model = TinyLM(jr.key(0))
params, static = eqx.partition(model, eqx.is_array)
params = jax.device_put(params, jax.NamedSharding(mesh, jax.P()))
tokens = jax.device_put(jnp.zeros((BATCH, SEQ), jnp.int32), jax.NamedSharding(mesh, jax.P("data")))


@eqx.filter_jit
def grad_step(params, tokens):
    return eqx.filter_value_and_grad(lambda p: loss_fn(eqx.combine(p, static), tokens))(params)


lowered = jax.jit(grad_step).trace(params, tokens).lower(lowering_platforms=("cuda",))
print("ok")
