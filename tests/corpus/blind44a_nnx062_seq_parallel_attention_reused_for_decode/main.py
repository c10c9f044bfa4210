import jax.numpy as jnp
from flax import nnx

from layers import SeqParallelAttention

attn = SeqParallelAttention(64, 4, rngs=nnx.Rngs(0))


@nnx.jit
def score(module, x):
  return jnp.sum(module(x) ** 2)


prompt = jnp.ones((16, 64))
print(score.trace(attn, prompt).lower(lowering_platforms=('cuda',)).as_text()[:40])
