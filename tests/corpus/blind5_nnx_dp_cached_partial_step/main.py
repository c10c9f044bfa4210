import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from cnn import CNN

mesh = Mesh(jax.devices(), ('data',))


def loss_fn(model: CNN, batch):
  logits = model(batch['image'])
  return optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data')), out_specs=P())
def train_step(model: CNN, optimizer: nnx.Optimizer, batch):
  loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
  grads = jax.lax.pmean(grads, 'data')
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, 'data')


def train(model, optimizer, batches):
  cached_train_step = nnx.cached_partial(train_step, model, optimizer)
  for batch in batches:
    loss = cached_train_step(batch)
  return loss


model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
batch = {
    'image': jnp.zeros((8, 8, 8, 1), jnp.float32),
    'label': jnp.zeros((8,), jnp.int32),
}
# ahead-of-time check for the GPU node before launching train()
train_step.trace(model, optimizer, batch).lower(lowering_platforms=('cuda',))
