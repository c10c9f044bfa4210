import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from parallel.halo import SPACE
from solver import Stepper, rollout

n = jax.device_count()
mesh = Mesh(jax.devices(), (SPACE,))
stepper = Stepper(2, 16, key=jax.random.key(0))
params, static = eqx.partition(stepper, eqx.is_array)


def loss(params, u0, target):
  model = eqx.combine(params, static)
  u, _ = rollout(model, u0, num_steps=8, n_shards=n)
  return jax.lax.psum(jnp.sum((u - target) ** 2), SPACE)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P(), P(None, SPACE), P(None, SPACE)), out_specs=(P(), P()))
def grad_step(params, u0, target):
  value, grads = jax.value_and_grad(loss)(params, u0, target)
  grads = jax.lax.psum(grads, SPACE)
  return value, grads


u0 = jnp.zeros((2, 256), jnp.float32)
target = jnp.ones((2, 256), jnp.float32)
print(grad_step.trace(params, u0, target).lower(lowering_platforms=('cuda',)).as_text()[:40])
