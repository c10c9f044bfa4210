"""Collective (all-gather overlapped) matmul on a 2D mesh, ring over 'model'."""
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'))
MODEL_SIZE = mesh.shape['model']
DATA_SIZE = mesh.shape['data']


def ring_perm(n):
  return [(i, (i + 1) % n) for i in range(n)]


def collective_matmul(lhs_block, rhs_block):
  # ring over all four devices: flatten (data, model)
  axes = ('data', 'model')
  size = DATA_SIZE * MODEL_SIZE
  idx = lax.axis_index(axes)
  B = lhs_block.shape[1] // size
  # one model-ring per data replica
  shift = partial(lax.ppermute, axis_name=axes, perm=ring_perm(MODEL_SIZE) * DATA_SIZE)

  out = lax.dynamic_slice_in_dim(lhs_block, idx * B, B, 1) @ rhs_block
  for step in range(1, size):
    rhs_block = shift(rhs_block)
    chunk = lax.dynamic_slice_in_dim(lhs_block, ((idx - step) % size) * B, B, 1)
    out = out + chunk @ rhs_block
  return out


matmul = jax.jit(jax.shard_map(
    collective_matmul, mesh=mesh,
    in_specs=(P(('data', 'model'), None), P(('data', 'model'), None)),
    out_specs=P(('data', 'model'), None)))


def main():
  spec = NamedSharding(mesh, P(('data', 'model'), None))
  lhs = jax.ShapeDtypeStruct((64, 128), jnp.float32, sharding=spec)
  rhs = jax.ShapeDtypeStruct((128, 32), jnp.float32, sharding=spec)
  matmul.trace(lhs, rhs).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
