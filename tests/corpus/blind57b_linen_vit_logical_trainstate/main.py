import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

RULES = (('batch', 'data'), ('seq', None), ('embed', None), ('mlp', 'model'),
         ('heads', 'model'), ('kv', None), ('classes', None))


def dense(features, names, **kw):
  return nn.Dense(features, kernel_init=nn.with_logical_partitioning(
      nn.initializers.xavier_uniform(), names), **kw)


class Encoder1DBlock(nn.Module):
  mlp_dim: int
  num_heads: int

  @nn.compact
  def __call__(self, x):
    y = nn.LayerNorm()(x)
    y = nn.MultiHeadDotProductAttention(
        num_heads=self.num_heads,
        kernel_init=nn.with_logical_partitioning(nn.initializers.xavier_uniform(),
                                                 ('embed', 'heads', 'kv')),
        out_kernel_init=nn.with_logical_partitioning(nn.initializers.xavier_uniform(),
                                                     ('heads', 'kv', 'embed')))(y, y)
    x = x + y
    y = nn.LayerNorm()(x)
    y = dense(self.mlp_dim, ('embed', 'mlp'))(y)
    y = nn.with_logical_constraint(nn.gelu(y), ('batch', 'seq', 'mlp'))
    y = dense(x.shape[-1], ('mlp', 'embed'))(y)
    return nn.with_logical_constraint(x + y, ('batch', 'seq', 'embed'))


class ViT(nn.Module):
  patch: int = 4
  hidden: int = 64
  depth: int = 2
  num_classes: int = 10

  @nn.compact
  def __call__(self, images):
    x = nn.Conv(self.hidden, (self.patch, self.patch), strides=(self.patch, self.patch),
                padding='VALID', kernel_init=nn.with_logical_partitioning(
                    nn.initializers.lecun_normal(), (None, None, None, 'embed')))(images)
    x = x.reshape(x.shape[0], -1, self.hidden)
    x = nn.with_logical_constraint(x, ('batch', 'seq', 'embed'))
    for _ in range(self.depth):
      x = Encoder1DBlock(mlp_dim=4 * self.hidden, num_heads=4)(x)
    x = nn.LayerNorm()(x).mean(axis=1)
    return dense(self.num_classes, ('embed', 'classes'))(x)


def init_fn(key, x, model, optimizer):
  variables = model.init(key, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'],
                                       tx=optimizer)


def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


def main():
  mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ('data', 'model'))
  model = ViT()
  optimizer = optax.adamw(1e-3)
  x = jnp.ones((8, 32, 32, 3))
  labels = jnp.zeros((8,), jnp.int32)
  x_sharding = NamedSharding(mesh, P('data'))

  with mesh, nn.logical_axis_rules(RULES):
    abstract_state = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer),
                                    jax.random.key(0), x)
    logical_spec = nn.get_partition_spec(abstract_state)
    state_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, RULES)
    jit_init = jax.jit(init_fn, static_argnums=(2, 3),
                       in_shardings=(NamedSharding(mesh, P()), x_sharding),
                       out_shardings=state_sharding)
    state = jit_init(jax.random.key(0), x, model, optimizer)
    jit_step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding, x_sharding),
                       out_shardings=(state_sharding, NamedSharding(mesh, P())))
    jit_step.trace(state, x, labels).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
