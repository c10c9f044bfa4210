from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

FSDP = 'fsdp'


class FSDPDense(nn.Module):
  """Each device stores 1/N of the kernel rows; gather them just in time."""
  features: int
  in_features: int
  axis_name: str = FSDP

  @nn.compact
  def __call__(self, x):
    n = jax.lax.axis_size(self.axis_name)
    shard = self.param('kernel', nn.initializers.lecun_normal(),
                       (self.in_features // n, self.features))
    kernel = jax.lax.all_gather(shard, self.axis_name, axis=0, tiled=True)
    bias = self.param('bias', nn.initializers.zeros, (self.features,))
    return x @ kernel + bias


class Classifier(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.relu(FSDPDense(128, 64)(x))
    return FSDPDense(10, 128)(x)


mesh = Mesh(np.array(jax.devices()), (FSDP,))
model = Classifier()
tx = optax.sgd(0.1)


def init(key, x):
  return model.init(key, x)['params']


param_specs = {
    'FSDPDense_0': {'kernel': P(FSDP), 'bias': P()},
    'FSDPDense_1': {'kernel': P(FSDP), 'bias': P()},
}
sharded_init = jax.jit(jax.shard_map(init, mesh=mesh, in_specs=(P(), P(FSDP)),
                                     out_specs=param_specs, check_vma=False))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P(FSDP), P(FSDP)),
         out_specs=(param_specs, P()))
def train_step(params, x, y):
  def loss_fn(params):
    logits = model.apply({'params': params}, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
  loss, grads = jax.value_and_grad(loss_fn)(params)
  # kernel grads arrive reduce-scattered via all_gather's transpose; biases need a mean
  grads = {k: {'kernel': g['kernel'], 'bias': jax.lax.pmean(g['bias'], FSDP)}
           for k, g in grads.items()}
  updates, _ = tx.update(grads, tx.init(params))
  return optax.apply_updates(params, updates), jax.lax.pmean(loss, FSDP)


x = jnp.ones((16, 64))
y = jnp.zeros((16,), jnp.int32)
sharded_init.trace(jax.random.key(0), x).lower(lowering_platforms=('cuda',))
params = jax.eval_shape(lambda: {
    'FSDPDense_0': {'kernel': jnp.zeros((64, 128)), 'bias': jnp.zeros((128,))},
    'FSDPDense_1': {'kernel': jnp.zeros((128, 10)), 'bias': jnp.zeros((10,))}})
train_step.trace(params, x, y).lower(lowering_platforms=('cuda',))
