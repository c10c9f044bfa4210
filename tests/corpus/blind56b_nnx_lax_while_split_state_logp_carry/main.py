import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax
from jax.sharding import PartitionSpec as P

from rnn import BATCH_AXIS, GRUDecoder

STEPS = 12


def ancestral_sample(graphdef, state, tok0, key):
    batch = tok0.shape[0]
    h0 = nnx.merge(graphdef, state).initial_state(batch)
    logp0 = jnp.zeros((batch,), jnp.float32)

    def cond(carry):
        return carry[0] < STEPS

    def body(carry):
        i, state, h, tok, logp, key = carry
        model = nnx.merge(graphdef, state)
        h, logits = model.step(h, tok)
        key, sub = jax.random.split(key)
        nxt = jax.random.categorical(sub, logits, axis=-1)
        tok_logp = jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(nxt, model.vocab), axis=-1)
        _, state = nnx.split(model)
        return i + 1, state, h, nxt, logp + tok_logp, key

    _, _, _, toks, logp, _ = lax.while_loop(cond, body, (0, state, h0, tok0, logp0, key))
    return toks, logp


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), (BATCH_AXIS,))
    with jax.set_mesh(mesh):
        model = GRUDecoder(64, 32, rngs=nnx.Rngs(0))
        graphdef, state = nnx.split(model)
        tok0 = jax.device_put(jnp.zeros((16,), jnp.int32), P(BATCH_AXIS))
        ancestral_sample = jax.jit(ancestral_sample, static_argnums=0)
        ancestral_sample.trace(graphdef, state, tok0, jax.random.key(0)).lower(lowering_platforms=("tpu",))
