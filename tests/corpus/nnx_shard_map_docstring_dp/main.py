"""The nnx.shard_map docstring's data-parallel example: a Linear replicated, the batch split
over `data`, lowered for GPU through nnx.jit."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.local_devices(), ('data',))

m = nnx.Linear(2, 3, rngs=nnx.Rngs(0))
x = jnp.ones((32, 2))

@nnx.shard_map(
  mesh=mesh, in_specs=(P(None), P('data')), out_specs=P('data')
)
def f(m, x):
  return m(x)

nnx.jit(f).trace(m, x).lower(lowering_platforms=("cuda",))
