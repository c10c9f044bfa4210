"""ResNet-style block with cross-device BatchNorm, trained data-parallel with jax.shard_map."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P


class ResNetBlock(nn.Module):
    filters: int
    norm: callable

    @nn.compact
    def __call__(self, x):
        residual = x
        y = nn.Conv(self.filters, (3, 3), use_bias=False)(x)
        y = self.norm()(y)
        y = nn.relu(y)
        y = nn.Conv(self.filters, (3, 3), use_bias=False)(y)
        y = self.norm(scale_init=nn.initializers.zeros)(y)
        if residual.shape != y.shape:
            residual = nn.Conv(self.filters, (1, 1), use_bias=False)(residual)
            residual = self.norm()(residual)
        return nn.relu(residual + y)


class ResNet(nn.Module):
    num_classes: int = 10
    axis_name: str = "data"

    @nn.compact
    def __call__(self, x, train: bool = True):
        norm = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9,
                       epsilon=1e-5, axis_name=self.axis_name if train else None)
        x = nn.Conv(16, (3, 3), use_bias=False)(x)
        x = norm()(x)
        x = nn.relu(x)
        for f in (16, 32):
            x = ResNetBlock(f, norm)(x)
        x = jnp.mean(x, axis=(1, 2))
        return nn.Dense(self.num_classes)(x)


mesh = Mesh(np.array(jax.devices()[:4]), ("data",))
model = ResNet()
tx = optax.sgd(0.1, momentum=0.9)

variables = model.init(jax.random.PRNGKey(0), jnp.ones((2, 8, 8, 3)), train=False)
params, batch_stats = variables["params"], variables["batch_stats"]
opt_state = tx.init(params)


def train_step(params, batch_stats, opt_state, images, labels):
    def loss_fn(p):
        logits, new_state = model.apply({"params": p, "batch_stats": batch_stats}, images,
                                        train=True, mutable=["batch_stats"])
        onehot = jax.nn.one_hot(labels, 10)
        loss = optax.softmax_cross_entropy(logits, onehot).mean()
        return loss, new_state["batch_stats"]

    (loss, new_bs), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    grads = jax.lax.pmean(grads, axis_name="data")
    loss = jax.lax.pmean(loss, axis_name="data")
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, new_bs, opt_state, loss


step = jax.jit(jax.shard_map(
    train_step, mesh=mesh,
    in_specs=(P(), P(), P(), P("data"), P("data")),
    out_specs=(P(), P(), P(), P())))

images = jnp.ones((16, 8, 8, 3))
labels = jnp.zeros((16,), jnp.int32)
lowered = step.trace(params, batch_stats, opt_state, images, labels).lower(
    lowering_platforms=("cuda",))
print("lowered", len(lowered.as_text()) > 0)
