import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class ResidualBlock(nn.Module):
  filters: int

  @nn.compact
  def __call__(self, x, train):
    # axis_name='batch' was the pmap axis in the original multi-host training loop
    norm = lambda: nn.BatchNorm(use_running_average=not train, momentum=0.9, axis_name='batch')
    y = nn.relu(norm()(nn.Conv(self.filters, (3, 3))(x)))
    y = norm()(nn.Conv(self.filters, (3, 3))(y))
    return nn.relu(x + y)


class ResNetTiny(nn.Module):
  @nn.compact
  def __call__(self, x, train=True):
    x = nn.Conv(32, (3, 3))(x)
    x = ResidualBlock(32)(x, train)
    x = ResidualBlock(32)(x, train)
    return nn.Dense(10)(jnp.mean(x, axis=(1, 2)))


class TrainState(train_state.TrainState):
  batch_stats: dict


def train_step(state, batch):
  def loss_fn(params):
    logits, new_state = state.apply_fn({'params': params, 'batch_stats': state.batch_stats},
                                       batch['image'], mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()
    return loss, new_state
  (loss, new_state), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  return state.apply_gradients(grads=grads, batch_stats=new_state['batch_stats']), loss


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), ('batch',))
  model = ResNetTiny()

  def create(rng):
    v = model.init(rng, jnp.zeros((1, 32, 32, 3)), train=False)
    return TrainState.create(apply_fn=model.apply, params=v['params'],
                             batch_stats=v['batch_stats'], tx=optax.adam(1e-3))

  state = jax.eval_shape(create, jax.random.PRNGKey(0))
  data = NamedSharding(mesh, P('batch'))
  batch = {'image': jax.ShapeDtypeStruct((64, 32, 32, 3), jnp.float32, sharding=data),
           'label': jax.ShapeDtypeStruct((64,), jnp.int32, sharding=data)}
  # migrated from jax.pmap to jit + NamedSharding (automatic data parallelism)
  p_train_step = jax.jit(train_step, donate_argnums=(0,))
  p_train_step.lower(state, batch).compiler_ir()
