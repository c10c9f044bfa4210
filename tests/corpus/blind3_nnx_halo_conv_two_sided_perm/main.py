import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import HaloConv1D

mesh = Mesh(jax.devices(), ('seq',))
conv = HaloConv1D(8, 3, axis_name='seq', rngs=nnx.Rngs(0))
graphdef, state = nnx.split(conv)


def apply(state, x):
  return nnx.merge(graphdef, state)(x)


with jax.set_mesh(mesh):
  fwd = jax.jit(jax.shard_map(apply, in_specs=(P(), P(None, 'seq')), out_specs=P(None, 'seq')))
  x = jnp.ones((2, 32, 8))
  fwd.trace(state, x).lower(lowering_platforms=('cuda',))
