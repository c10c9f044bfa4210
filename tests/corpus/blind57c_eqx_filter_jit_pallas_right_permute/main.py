import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from kernels import RING_AXIS, right_permute

NUM_DEVICES = 4
mesh = jax.make_mesh((NUM_DEVICES,), (RING_AXIS,))


class RotatingProjection(eqx.Module):
  proj: eqx.nn.Linear

  def __init__(self, dim, key):
    self.proj = eqx.nn.Linear(dim, dim, key=key)

  def __call__(self, x):
    y = jax.vmap(self.proj)(x)
    return self.rotate(y)

  def rotate(self, y):
    permute = jax.shard_map(
        functools.partial(right_permute, num_devices=NUM_DEVICES),
        mesh=mesh,
        in_specs=P(None, RING_AXIS),
        out_specs=P(None, RING_AXIS),
        check_vma=False,
    )
    return permute(y)


@eqx.filter_jit
def forward(model, x):
  return model(x)


def main():
  model = RotatingProjection(512, jax.random.key(0))
  x = jnp.ones((8, 512), jnp.float32)
  # eqx.filter_jit's own .lower() targets the host backend; lower for TPU through jax.jit
  jax.jit(forward).trace(model, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
