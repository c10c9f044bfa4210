"""Data-parallel training with dropout: every device folds its index into the step key so the
dropout masks differ across shards of the batch."""
import equinox as eqx
import jax
import jax.experimental.shard_map
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P


class Classifier(eqx.Module):
    hidden: eqx.nn.Linear
    dropout: eqx.nn.Dropout
    out: eqx.nn.Linear

    def __init__(self, in_size, width, num_classes, *, key):
        k1, k2 = jr.split(key)
        self.hidden = eqx.nn.Linear(in_size, width, key=k1)
        self.dropout = eqx.nn.Dropout(p=0.1)
        self.out = eqx.nn.Linear(width, num_classes, key=k2)

    def __call__(self, x, *, key):
        h = jax.nn.relu(self.hidden(x))
        h = self.dropout(h, key=key)
        return self.out(h)


def loss_fn(model, x, y, key):
    keys = jr.split(key, x.shape[0])
    logits = jax.vmap(lambda xi, ki: model(xi, key=ki))(x, keys)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


mesh = Mesh(np.array(jax.devices()), axis_names=("data",))
model = Classifier(20, 64, 10, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.sgd(1e-2, momentum=0.9)
opt_state = optim.init(params)


def train_step(params, opt_state, x, y, key):
    key = jr.fold_in(key, jax.lax.axis_index("data"))
    model = eqx.combine(params, static)
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y, key)
    loss, grads = jax.lax.pmean((loss, grads), "data")
    updates, opt_state = optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    return params, opt_state, loss


train_step = jax.experimental.shard_map.shard_map(
    train_step,
    mesh,
    in_specs=(P(), P(), P("data"), P("data"), P()),
    out_specs=(P(), P(), P()),
    check_rep=False,
)
x = jnp.zeros((64, 20))
y = jnp.zeros((64,), jnp.int32)
jax.jit(train_step).trace(params, opt_state, x, y, jr.PRNGKey(1)).lower(
    lowering_platforms=("cuda",)
)
