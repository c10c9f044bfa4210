"""Flax 'pjit' guide pattern: nn.with_partitioning names mesh axes; shardings from get_partition_spec."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec
from flax import linen as nn
import optax
from flax.training import train_state


class DotReluDot(nn.Module):
  depth: int
  dense_init: nn.initializers.Initializer = nn.initializers.xavier_normal()

  @nn.compact
  def __call__(self, x, _):
    y = nn.Dense(self.depth,
                 kernel_init=nn.with_partitioning(self.dense_init, (None, 'model')),
                 use_bias=False)(x)
    y = jax.nn.relu(y)
    y = jax.lax.with_sharding_constraint(y, PartitionSpec('data', 'model'))
    W2 = self.param('W2', nn.with_partitioning(self.dense_init, ('model', None)),
                    (self.depth, x.shape[-1]))
    return jnp.dot(y, W2), None


class MLP(nn.Module):
  num_layers: int
  depth: int

  @nn.compact
  def __call__(self, x):
    Scanned = nn.scan(DotReluDot, length=self.num_layers,
                      variable_axes={'params': 0}, split_rngs={'params': True},
                      metadata_params={nn.PARTITION_NAME: None})
    x, _ = Scanned(self.depth)(x, None)
    return x


device_mesh = np.array(jax.devices()).reshape(2, 2)
mesh = Mesh(devices=device_mesh, axis_names=('data', 'model'))

model = MLP(num_layers=3, depth=256)
x = jnp.ones((32, 128))
x_sharding = NamedSharding(mesh, PartitionSpec('data', None))
optimizer = optax.adam(1e-3)


def init_fn(k, x):
  variables = model.init(k, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'],
                                       tx=optimizer)


with mesh:
  abstract_state = jax.eval_shape(init_fn, jax.random.PRNGKey(0), x)
  state_spec = nn.get_partition_spec(abstract_state)
  state_sharding = jax.tree_util.tree_map(lambda s: NamedSharding(mesh, s), state_spec)
  jit_init = jax.jit(init_fn, in_shardings=(NamedSharding(mesh, PartitionSpec()), x_sharding),
                     out_shardings=state_sharding)
  state = jit_init(jax.random.PRNGKey(0), x)

  @jax.jit
  def train_step(state, x):
    def loss(params):
      return jnp.mean(state.apply_fn({'params': params}, x) ** 2)
    grads = jax.grad(loss)(state.params)
    return state.apply_gradients(grads=grads)

  lowered = train_step.trace(state, x).lower(lowering_platforms=('tpu',))
print(state_spec.params['ScanDotReluDot_0']['W2'])
