"""Cross-replica BatchNorm with eqx.filter_pmap: the BatchNorm axis_name is the pmap axis."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

N = jax.local_device_count()


class ConvNet(eqx.Module):
    conv: eqx.nn.Conv2d
    bn: eqx.nn.BatchNorm
    head: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.conv = eqx.nn.Conv2d(3, 16, kernel_size=3, padding=1, key=k1)
        self.bn = eqx.nn.BatchNorm(16, axis_name=("devices", "batch"), mode="batch")
        self.head = eqx.nn.Linear(16, 10, key=k2)

    def __call__(self, x, state):
        x = self.conv(x)
        x, state = self.bn(x, state)
        x = jnp.mean(jax.nn.relu(x), axis=(1, 2))
        return self.head(x), state


model, state = eqx.nn.make_with_state(ConvNet)(jr.PRNGKey(0))


@eqx.filter_pmap(axis_name="devices", in_axes=(None, None, 0), out_axes=(0, None))
def predict(model, state, x):
    # x: (local_batch, C, H, W); statistics over every image on every device
    return jax.vmap(model, in_axes=(0, None), out_axes=(0, None))(x, state)


params, static = eqx.partition(model, eqx.is_array)


@jax.jit
def run(params, state, x):
    return predict(eqx.combine(params, static), state, x)


images = jnp.ones((N, 4, 3, 8, 8))
lowered = run.trace(params, state, images).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:30])
