from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training.train_state import TrainState
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

# every conv's output channels are split over the tensor-parallel 'model' axis
Conv = partial(nn.Conv, kernel_size=(3, 3), use_bias=False,
               kernel_init=nn.with_partitioning(nn.initializers.kaiming_normal(),
                                                (None, None, None, 'model')))


class DnCNN(nn.Module):
  depth: int = 6
  features: int = 64
  channels: int = 3

  @nn.compact
  def __call__(self, noisy, train: bool = True):
    x = nn.relu(Conv(self.features)(noisy))
    for _ in range(self.depth - 2):
      x = Conv(self.features)(x)
      x = nn.GroupNorm(num_groups=8)(x)
      x = nn.relu(x)
    residual = Conv(self.channels)(x)
    return noisy - residual


def create_train_state(rng, sample):
  model = DnCNN()
  params = model.init(rng, sample)['params']
  return TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))


def train_step(state, clean, noise):
  def loss_fn(params):
    denoised = state.apply_fn({'params': params}, clean + noise)
    return jnp.mean((denoised - clean) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
sample = jnp.zeros((8, 40, 40, 3))
abstract_state = jax.eval_shape(create_train_state, jax.random.key(0), sample)
state_sharding = nn.get_sharding(abstract_state, mesh)
state = jax.jit(create_train_state, out_shardings=state_sharding)(jax.random.key(0), sample)

batch = NamedSharding(mesh, P('data'))
p_train_step = jax.jit(train_step, in_shardings=(state_sharding, batch, batch),
                       out_shardings=(state_sharding, NamedSharding(mesh, P())))
clean = jax.device_put(sample, batch)
p_train_step.trace(state, clean, clean).lower(lowering_platforms=('tpu',))
