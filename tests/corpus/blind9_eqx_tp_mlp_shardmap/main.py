import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P

from tp import TPMLP, tp_specs

mesh = jax.make_mesh((2, 2), ('dp', 'tp'), axis_types=(AxisType.Auto, AxisType.Auto))
model = TPMLP(64, 256, 'tp', key=jax.random.key(0))
specs = tp_specs(model, 'tp')
optim = optax.sgd(1e-2)


def loss_fn(model, x):
  return jnp.mean(model(x) ** 2)


def local_step(model, x):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x)
  grads = jax.lax.pmean(grads, 'dp')
  return jax.lax.pmean(loss, 'dp'), grads


sharded_step = jax.shard_map(local_step, mesh=mesh, in_specs=(specs, P('dp')),
                             out_specs=(P(), specs))


@eqx.filter_jit
def train_step(model, opt_state, x):
  loss, grads = sharded_step(model, x)
  updates, opt_state = optim.update(grads, opt_state)
  return eqx.apply_updates(model, updates), opt_state, loss


if __name__ == '__main__':
  opt_state = optim.init(model)
  x = jnp.ones((8, 64))
  jax.jit(train_step).trace(model, opt_state, x).lower(lowering_platforms=('cuda',))
