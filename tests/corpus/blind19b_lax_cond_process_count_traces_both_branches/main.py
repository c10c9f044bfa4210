import jax
import jax.numpy as jnp
from jax import lax


def sync(v):
    return lax.cond(jax.process_count() > 1, lambda t: lax.psum(t, "hosts"), lambda t: t, v)


def eval_step(params, x, y):
    logits = x @ params
    correct = jnp.sum(jnp.argmax(logits, -1) == y).astype(jnp.float32)
    return sync(correct) / sync(jnp.float32(y.shape[0]))


jax.jit(eval_step).trace(jnp.zeros((16, 10)), jnp.ones((32, 16)), jnp.zeros((32,), jnp.int32)).lower(
    lowering_platforms=("cuda",)
)
