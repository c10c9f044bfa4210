import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

RULES = (('layers', None), ('batch', 'data'), ('tokens', None), ('channels', None),
         ('mlp', 'model'))

lp = nn.with_logical_partitioning
xavier = nn.initializers.xavier_uniform()


class MlpBlock(nn.Module):
  mlp_dim: int
  names: tuple

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    y = nn.Dense(self.mlp_dim, kernel_init=lp(xavier, (self.names[0], 'mlp')))(x)
    y = nn.gelu(y)
    return nn.Dense(d, kernel_init=lp(xavier, ('mlp', self.names[0])))(y)


class MixerBlock(nn.Module):
  tokens_mlp_dim: int
  channels_mlp_dim: int

  @nn.compact
  def __call__(self, x, _):
    y = nn.LayerNorm()(x)
    y = jnp.swapaxes(y, 1, 2)
    y = MlpBlock(self.tokens_mlp_dim, ('tokens',), name='token_mixing')(y)
    y = jnp.swapaxes(y, 1, 2)
    x = x + y
    y = nn.LayerNorm()(x)
    x = x + MlpBlock(self.channels_mlp_dim, ('channels',), name='channel_mixing')(y)
    x = nn.with_logical_constraint(x, ('batch', 'tokens', 'channels'))
    return x, None


class MlpMixer(nn.Module):
  num_classes: int = 10
  num_blocks: int = 4
  hidden_dim: int = 64

  @nn.compact
  def __call__(self, x):
    x = nn.Conv(self.hidden_dim, (4, 4), strides=(4, 4), name='stem')(x)
    x = x.reshape(x.shape[0], -1, self.hidden_dim)
    Stack = nn.scan(nn.remat(MixerBlock), variable_axes={'params': 0},
                    split_rngs={'params': True}, length=self.num_blocks,
                    metadata_params={nn.PARTITION_NAME: 'layers'})
    x, _ = Stack(tokens_mlp_dim=128, channels_mlp_dim=256, name='blocks')(x, None)
    x = nn.LayerNorm(name='pre_head_layer_norm')(x)
    return nn.Dense(self.num_classes, name='head')(jnp.mean(x, axis=1))


def create(key, x, model, tx):
  params = model.init(key, x)['params']
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


@jax.jit
def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


mesh = jax.make_mesh((2, 2), ('data', 'model'))
model = MlpMixer()
x = jnp.ones((8, 32, 32, 3))
init = functools.partial(create, model=model, tx=optax.adamw(1e-3))

with mesh, nn.logical_axis_rules(RULES):
  abstract = jax.eval_shape(init, jax.random.key(0), x)
  state_sharding = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
  state = jax.jit(init, out_shardings=state_sharding)(jax.random.key(0), x)
  images = jax.device_put(x, NamedSharding(mesh, P('data')))
  labels = jax.device_put(jnp.zeros((8,), jnp.int32), NamedSharding(mesh, P('data')))
  train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',))
