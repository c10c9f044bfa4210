import jax
import jax.numpy as jnp
from jax.lax import precv, psend
from jax.sharding import NamedSharding, PartitionSpec as P

PIPE_AXIS = 'pipe'


def send_activations_forward(h, n):
  perm = [(i, i + 1) for i in range(n - 1)]
  tok = psend(h, PIPE_AXIS, perm)
  return precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), PIPE_AXIS, perm)


def stage_forward(w, h, n):
  h = jnp.einsum('sbd,sde->sbe', h, w)
  return send_activations_forward(jax.nn.relu(h), n)


def main():
  n = 4
  mesh = jax.make_mesh((n,), (PIPE_AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  stage_sharded = NamedSharding(mesh, P(PIPE_AXIS))
  w = jax.device_put(jnp.ones((n, 16, 16)), stage_sharded)
  h = jax.device_put(jnp.ones((n, 4, 16)), stage_sharded)
  step = jax.jit(stage_forward, static_argnums=2, out_shardings=stage_sharded)
  step.trace(w, h, n).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
