import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P, NamedSharding

mesh = jax.make_mesh((2, 2), ('data', 'model'))


class Block(nnx.Module):
  def __init__(self, d, heads, rngs):
    self.ln1 = nnx.LayerNorm(d, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(num_heads=heads, in_features=d, decode=False, rngs=rngs)
    self.ln2 = nnx.RMSNorm(d, rngs=rngs)
    self.mlp = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    # keep the residual stream sharded over data x model, as in the old pjit tutorial
    x = jax.lax.with_sharding_constraint(x, NamedSharding(mesh, P('data', None, None)))
    return x + self.mlp(self.ln2(x))


with jax.set_mesh(mesh):
  block = Block(64, 4, nnx.Rngs(0))
  x = jax.device_put(jnp.ones((4, 16, 64)), P('data', None, None))
  step = nnx.jit(lambda b, x: b(x).sum())
  print(step.trace(block, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
