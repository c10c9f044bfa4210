import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

N_EXPERTS = 4
CAPACITY = 8
D = 32


def dispatch(x, expert_w):
  # x: [tokens, D] local; route token i to expert i % N_EXPERTS (fixed routing)
  buckets = x.reshape(N_EXPERTS, -1, D)[:, :CAPACITY]
  buckets = jax.lax.all_to_all(buckets, 'expert', split_axis=0, concat_axis=0, tiled=True)
  out = jnp.tanh(buckets @ expert_w[0])
  out = jax.lax.all_to_all(out, 'expert', split_axis=0, concat_axis=0, tiled=True)
  return out.reshape(-1, D)


def make_layer(mesh):
  return jax.jit(jax.shard_map(dispatch, mesh=mesh, in_specs=(P('expert'), P('expert')),
                               out_specs=P('expert')))


def test_dispatch_shapes():
  x = jnp.ones((N_EXPERTS * CAPACITY, D))
  w = jnp.ones((1, D, D))
  out = jax.jit(dispatch).trace(x, w).lower(lowering_platforms=('tpu',))
  assert out is not None


def main():
  mesh = Mesh(np.array(jax.devices()), ('expert',))
  layer = make_layer(mesh)
  x = jnp.ones((4 * N_EXPERTS * CAPACITY, D))
  w = jnp.ones((N_EXPERTS, D, D))
  layer.trace(x, w).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  test_dispatch_shapes()
  main()
