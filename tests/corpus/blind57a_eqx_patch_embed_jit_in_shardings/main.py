import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class PatchClassifier(eqx.Module):
  patch_embed: eqx.nn.Conv2d
  mixer: eqx.nn.MLP
  norm: eqx.nn.LayerNorm
  head: eqx.nn.Linear

  def __init__(self, patch, dim, n_classes, *, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.patch_embed = eqx.nn.Conv2d(3, dim, kernel_size=patch, stride=patch, key=k1)
    self.mixer = eqx.nn.MLP(dim, dim, 2 * dim, 1, activation=jax.nn.gelu, key=k2)
    self.norm = eqx.nn.LayerNorm(dim)
    self.head = eqx.nn.Linear(dim, n_classes, key=k3)

  def __call__(self, img):
    feat = self.patch_embed(img)                      # (dim, H/p, W/p)
    tokens = feat.reshape(feat.shape[0], -1).T        # (num_patches, dim)
    tokens = tokens + jax.vmap(self.mixer)(jax.vmap(self.norm)(tokens))
    return self.head(tokens.mean(axis=0))


devices = np.array(jax.devices())
mesh = Mesh(devices, ("data",))
replicated = NamedSharding(mesh, P())
batch_sharded = NamedSharding(mesh, P("data"))

model = PatchClassifier(patch=8, dim=192, n_classes=100, key=jax.random.key(42))
params, static = eqx.partition(model, eqx.is_array)
tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(3e-4, weight_decay=0.05))


def loss_fn(params, images, labels):
  logits = jax.vmap(eqx.combine(params, static))(images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def train_step(params, opt_state, images, labels):
  images, labels = eqx.filter_shard((images, labels), batch_sharded)
  loss, grads = jax.value_and_grad(loss_fn)(params, images, labels)
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  params = eqx.filter_shard(params, replicated)
  return params, opt_state, loss


train_step = jax.jit(train_step,
                     in_shardings=(replicated, replicated, batch_sharded, batch_sharded),
                     out_shardings=(replicated, replicated, replicated),
                     donate_argnums=(0, 1))

if __name__ == "__main__":
  opt_state = tx.init(params)
  images = jax.ShapeDtypeStruct((128, 3, 64, 64), jnp.float32)
  labels = jax.ShapeDtypeStruct((128,), jnp.int32)
  train_step.trace(params, opt_state, images, labels).lower(lowering_platforms=("tpu",))
