"""One example per device: BatchNorm's statistics are averaged across devices through the
pmap axis instead of a vmap axis."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

AXIS = "device"


class ConvNet(eqx.Module):
    conv: eqx.nn.Conv2d
    bn: eqx.nn.BatchNorm
    pool: eqx.nn.AdaptiveAvgPool2d
    out: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.conv = eqx.nn.Conv2d(3, 8, kernel_size=3, padding=1, key=k1)
        self.bn = eqx.nn.BatchNorm(8, axis_name=AXIS, mode="batch")
        self.pool = eqx.nn.AdaptiveAvgPool2d(1)
        self.out = eqx.nn.Linear(8, 10, key=k2)

    def __call__(self, x, state):
        x = self.conv(x)
        x, state = self.bn(x, state)
        x = self.pool(jax.nn.relu(x)).reshape(-1)
        return self.out(x), state


model, state = eqx.nn.make_with_state(ConvNet)(jr.PRNGKey(0))
optim = optax.sgd(0.1)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def loss_fn(model, state, x, label):
    logits, state = model(x, state)
    return optax.softmax_cross_entropy_with_integer_labels(logits, label), state


@eqx.filter_pmap(axis_name=AXIS, in_axes=(None, None, None, 0, 0), out_axes=None)
def step(model, state, opt_state, x, label):
    (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, state, x, label)
    grads = jax.lax.pmean(grads, AXIS)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(model, updates), state, opt_state, jax.lax.pmean(loss, AXIS)


n = jax.local_device_count()
x = jnp.zeros((n, 3, 8, 8))
label = jnp.zeros((n,), jnp.int32)
print(step.lower(model, state, opt_state, x, label).as_text()[:100])
