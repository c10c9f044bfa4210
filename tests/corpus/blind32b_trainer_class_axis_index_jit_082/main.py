"""A Trainer class around a Linen ViT-ish model, jitted with NamedSharding (migrated from pmap)."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from flax.training.train_state import TrainState
from jax.sharding import NamedSharding, PartitionSpec as P


class PatchMLP(nn.Module):
  patch: int = 4
  dim: int = 64
  num_classes: int = 10
  dropout: float = 0.1

  @nn.compact
  def __call__(self, images, train=False):
    x = nn.Conv(self.dim, (self.patch, self.patch), strides=self.patch, padding='VALID')(images)
    x = x.reshape(x.shape[0], -1, self.dim)
    x = nn.Dropout(self.dropout, deterministic=not train)(nn.gelu(nn.Dense(self.dim)(x)))
    return nn.Dense(self.num_classes)(x.mean(1))


class Trainer:

  def __init__(self, model, mesh, lr=1e-3):
    self.model = model
    self.mesh = mesh
    self.data_sharding = NamedSharding(mesh, P('data'))
    self.repl = NamedSharding(mesh, P())
    self.tx = optax.adamw(lr)
    self._step = jax.jit(self._train_step, donate_argnums=0)

  def init(self, rng, sample):
    params = self.model.init(rng, sample)['params']
    state = TrainState.create(apply_fn=self.model.apply, params=params, tx=self.tx)
    return jax.device_put(state, self.repl)

  def _train_step(self, state, images, labels, rng):
    # Different dropout masks on each data shard.
    rng = jax.random.fold_in(rng, jax.lax.axis_index('data'))

    def loss_fn(params):
      logits = state.apply_fn({'params': params}, images, train=True, rngs={'dropout': rng})
      return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads), loss

  def lower_step(self, state, images, labels, rng):
    images = jax.device_put(images, self.data_sharding)
    labels = jax.device_put(labels, self.data_sharding)
    return self._step.trace(state, images, labels, rng).lower(lowering_platforms=('cuda',))


mesh = jax.make_mesh((4,), ('data',))
trainer = Trainer(PatchMLP(), mesh)
images = np.zeros((8, 32, 32, 3), np.float32)
state = trainer.init(jax.random.PRNGKey(0), images[:1])
lowered = trainer.lower_step(state, images, np.zeros((8,), np.int32), jax.random.PRNGKey(1))
print(lowered.as_text()[:12])
