import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import Solver


@eqx.filter_value_and_grad
def rollout_loss(model, u0, target):
  return jnp.mean((model(u0) - target) ** 2)


def main():
  mesh = jax.make_mesh((4,), ('x',), axis_types=(jax.sharding.AxisType.Auto,))
  model = Solver(4, 3, 'x', key=jax.random.key(0))
  tx = optax.adam(1e-3)
  opt_state = tx.init(eqx.filter(model, eqx.is_array))

  @eqx.filter_jit
  def step(model, opt_state, u0, target):
    loss, grads = rollout_loss(model, u0, target)
    updates, opt_state = tx.update(grads, opt_state)
    return eqx.apply_updates(model, updates), opt_state, loss

  field = NamedSharding(mesh, P('x'))
  u0 = jax.device_put(jnp.ones((32, 4)), field)
  params, static = eqx.partition(model, eqx.is_array)
  f = jax.jit(lambda p, o, u, t: eqx.filter(step(eqx.combine(p, static), o, u, t), eqx.is_array))
  f.trace(params, opt_state, u0, u0).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
