import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import TransformerMLP
from rng_utils import per_device_rng

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))
model = TransformerMLP()


def train_step(state, x, rng):
  dropout_rng = per_device_rng(jax.random.fold_in(rng, state.step))

  def loss_fn(params):
    y = state.apply_fn({'params': params}, x, deterministic=False,
                       rngs={'dropout': dropout_rng})
    return jnp.mean((y - x) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


if __name__ == '__main__':
  params = model.init(jax.random.key(0), jnp.ones((1, 16, 64)), deterministic=True)['params']
  state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-4))
  data = NamedSharding(mesh, P('data'))
  repl = NamedSharding(mesh, P())
  step = jax.jit(train_step, in_shardings=(repl, data, repl), out_shardings=(repl, repl))
  x = jax.device_put(jnp.ones((8, 16, 64)), data)
  step.trace(state, x, jax.random.key(1)).lower(lowering_platforms=('cuda',))
