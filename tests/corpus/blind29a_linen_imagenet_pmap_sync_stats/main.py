"""pmap-era ImageNet training step: per-replica BatchNorm averaged over 'batch', plus the
sync_batch_stats helper run as its own pmap before evaluation."""
import functools

import jax
import jax.numpy as jnp
import optax
from jax import lax
import flax.linen as nn


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        norm = functools.partial(nn.BatchNorm, use_running_average=not train,
                                 momentum=0.9, axis_name="batch")
        x = nn.Conv(16, (3, 3))(x)
        x = norm()(x)
        x = nn.relu(x)
        x = nn.avg_pool(x, (2, 2), (2, 2))
        x = nn.Conv(32, (3, 3))(x)
        x = norm()(x)
        x = nn.relu(x)
        x = x.reshape((x.shape[0], -1))
        return nn.Dense(10)(x)


model = CNN()
tx = optax.sgd(0.05, 0.9, nesterov=True)


def train_step(params, batch_stats, opt_state, images, labels):
    def loss_fn(p):
        logits, mut = model.apply({"params": p, "batch_stats": batch_stats}, images,
                                  mutable=["batch_stats"])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        return loss, mut["batch_stats"]

    (loss, new_bs), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    grads = lax.pmean(grads, axis_name="batch")
    updates, opt_state = tx.update(grads, opt_state, params)
    metrics = {"loss": lax.pmean(loss, "batch")}
    return optax.apply_updates(params, updates), new_bs, opt_state, metrics


cross_replica_mean = jax.pmap(lambda x: lax.pmean(x, "x"), "x")


def sync_batch_stats(batch_stats):
    return cross_replica_mean(batch_stats)


def replicate(tree, n):
    return jax.tree_util.tree_map(lambda a: jnp.broadcast_to(a, (n,) + a.shape), tree)


n = jax.local_device_count()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 16, 16, 3)), train=False)
params = replicate(variables["params"], n)
batch_stats = replicate(variables["batch_stats"], n)
opt_state = replicate(tx.init(variables["params"]), n)
images = jnp.ones((n, 8, 16, 16, 3))
labels = jnp.zeros((n, 8), jnp.int32)

p_train_step = jax.pmap(train_step, axis_name="batch", donate_argnums=(0,))
lowered = jax.jit(p_train_step).trace(params, batch_stats, opt_state, images, labels).lower(
    lowering_platforms=("cuda",))
lowered_sync = jax.jit(sync_batch_stats).trace(batch_stats).lower(lowering_platforms=("cuda",))
print("ok", n)
