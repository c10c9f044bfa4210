import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


class CNN(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
    self.conv2 = nnx.Conv(8, 16, kernel_size=(3, 3), rngs=rngs)
    self.avg_pool = lambda x: nnx.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    self.linear1 = nnx.Linear(16 * 7 * 7, 64, rngs=rngs)
    self.linear2 = nnx.Linear(64, 10, rngs=rngs)

  def __call__(self, x):
    x = self.avg_pool(nnx.relu(self.conv1(x)))
    x = self.avg_pool(nnx.relu(self.conv2(x)))
    x = x.reshape(x.shape[0], -1)
    return self.linear2(nnx.relu(self.linear1(x)))


class Trainer:
  def __init__(self, mesh, model, tx):
    self.mesh = mesh
    self.graphdef, self.params, self.rest = nnx.split(model, nnx.Param, ...)
    self.tx = tx
    self.opt_state = tx.init(self.params)

  def _local_step(self, params, rest, opt_state, images, labels):
    def loss_fn(params):
      model = nnx.merge(self.graphdef, params, rest)
      logits = model(images)
      return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, axis_name='batch')
    updates, opt_state = self.tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss

  def compile_step(self):
    step = jax.shard_map(
        self._local_step, mesh=self.mesh,
        in_specs=(P(), P(), P(), P('batch'), P('batch')),
        out_specs=(P(), P(), P()))
    return jax.jit(step)


mesh = Mesh(np.array(jax.devices()), ('batch',))
trainer = Trainer(mesh, CNN(rngs=nnx.Rngs(0)), optax.adamw(1e-3))
step = trainer.compile_step()
images = jnp.zeros((16, 28, 28, 1))
labels = jnp.zeros((16,), jnp.int32)
step.trace(trainer.params, trainer.rest, trainer.opt_state, images, labels).lower(
    lowering_platforms=('cuda',))
