import jax
import jax.numpy as jnp


def compiled(fn, **jit_kwargs):
    return jax.jit(fn, **jit_kwargs)


def softmax_denominator(logits):
    return jax.lax.psum(jnp.exp(logits).sum(-1, keepdims=True), "vocab")


denominator = compiled(softmax_denominator, donate_argnums=())


def run(logits):
    return jnp.exp(logits) / denominator(logits)


ARGS = (jax.ShapeDtypeStruct((4, 1024), jnp.float32),)
