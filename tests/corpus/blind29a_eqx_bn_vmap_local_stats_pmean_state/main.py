"""Equinox stateful BatchNorm with per-device statistics (vmap axis "batch" inside
jax.shard_map, default check_vma); the running statistics are averaged over the device axis."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

AXES = "batch"


class ConvNet(eqx.Module):
    conv1: eqx.nn.Conv2d
    norm1: eqx.nn.BatchNorm
    conv2: eqx.nn.Conv2d
    norm2: eqx.nn.BatchNorm
    head: eqx.nn.Linear

    def __init__(self, key):
        k1, k2, k3 = jr.split(key, 3)
        self.conv1 = eqx.nn.Conv2d(3, 8, 3, padding=1, key=k1)
        self.norm1 = eqx.nn.BatchNorm(8, axis_name=AXES, mode="batch")
        self.conv2 = eqx.nn.Conv2d(8, 8, 3, padding=1, key=k2)
        self.norm2 = eqx.nn.BatchNorm(8, axis_name=AXES, mode="batch")
        self.head = eqx.nn.Linear(8, 10, key=k3)

    def __call__(self, x, state):
        x = self.conv1(x)
        x, state = self.norm1(x, state)
        x = jax.nn.relu(x)
        x = self.conv2(x)
        x, state = self.norm2(x, state)
        x = jax.nn.relu(x)
        return self.head(jnp.mean(x, axis=(1, 2))), state


def compute_loss(params, static, state, xs, ys):
    model = eqx.combine(params, static)
    batch_model = jax.vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))
    logits, state = batch_model(xs, state)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, ys).mean()
    return loss, state


def make_step(params, static, state, opt_state, xs, ys):
    (loss, state), grads = jax.value_and_grad(compute_loss, has_aux=True)(
        params, static, state, xs, ys)
    grads = jax.lax.pmean(grads, "data")
    updates, opt_state = optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    state = jax.lax.pmean(state, "data")  # sync running stats across devices
    return params, state, opt_state, jax.lax.pmean(loss, "data")


model, state = eqx.nn.make_with_state(ConvNet)(jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adam(3e-4)
opt_state = optim.init(params)

mesh = Mesh(np.array(jax.devices()), ("data",))


@jax.jit
def train_step(params, state, opt_state, xs, ys):
    f = jax.shard_map(
        lambda p, s, o, x, y: make_step(p, static, s, o, x, y),
        mesh=mesh,
        in_specs=(P(), P(), P(), P("data"), P("data")),
        out_specs=(P(), P(), P(), P()))
    return f(params, state, opt_state, xs, ys)


xs = jnp.ones((16, 3, 8, 8))
ys = jnp.zeros((16,), jnp.int32)
lowered = train_step.trace(params, state, opt_state, xs, ys).lower(lowering_platforms=("cuda",))
print("ok")
