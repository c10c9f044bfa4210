import jax
import jax.numpy as jnp

from model import block, init_attention
from sharding import SEQ_SPLIT

B, S, D, H = 8, 128, 256, 8

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)

params = init_attention(jax.random.key(0), D, H)
x = jax.ShapeDtypeStruct((B, S, D), jnp.bfloat16, sharding=jax.NamedSharding(mesh, SEQ_SPLIT))


@jax.jit
def fwd(params, x):
  params = jax.tree.map(lambda w: w.astype(jnp.bfloat16), params)
  return block(params, x)


fwd.trace(params, x).lower(lowering_platforms=("tpu",))
