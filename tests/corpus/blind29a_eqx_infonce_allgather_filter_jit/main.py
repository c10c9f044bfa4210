"""MoCo-v3 style InfoNCE in Equinox. The step is an eqx.filter_jit over batch-sharded
inputs (eqx.filter_shard); the loss helper concatenates keys across devices by axis name."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from losses import info_nce


class ViTTiny(eqx.Module):
    patch: eqx.nn.Conv2d
    attn: eqx.nn.MultiheadAttention
    head: eqx.nn.MLP

    def __init__(self, key):
        k1, k2, k3 = jr.split(key, 3)
        self.patch = eqx.nn.Conv2d(3, 32, kernel_size=4, stride=4, key=k1)
        self.attn = eqx.nn.MultiheadAttention(4, 32, key=k2)
        self.head = eqx.nn.MLP(32, 16, 64, 2, key=k3)

    def __call__(self, x):
        t = self.patch(x)                                # [32, 4, 4]
        t = jnp.transpose(t.reshape(32, -1), (1, 0))     # [16 tokens, 32]
        t = t + self.attn(t, t, t)
        z = self.head(t.mean(axis=0))
        return z / jnp.linalg.norm(z)


@eqx.filter_jit
def step(model, opt_state, x1, x2, data_sharding):
    x1, x2 = eqx.filter_shard((x1, x2), data_sharding)

    def loss_fn(model):
        q = jax.vmap(model)(x1)
        k = jax.lax.stop_gradient(jax.vmap(model)(x2))
        return info_nce(q, k)

    loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    return eqx.apply_updates(model, updates), opt_state, loss


mesh = jax.make_mesh((4,), ("devices",), axis_types=(jax.sharding.AxisType.Auto,))
data_sharding = NamedSharding(mesh, P("devices"))
model = ViTTiny(jr.PRNGKey(0))
optim = optax.adamw(1.5e-4)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
x1 = jax.device_put(jnp.ones((16, 3, 16, 16)), data_sharding)
x2 = jax.device_put(jnp.ones((16, 3, 16, 16)), data_sharding)
params, static = eqx.partition(model, eqx.is_array)


def run(params, opt_state, x1, x2):
    m, o, l = step(eqx.combine(params, static), opt_state, x1, x2, data_sharding)
    return eqx.filter(m, eqx.is_array), o, l


lowered = jax.jit(run).trace(params, opt_state, x1, x2).lower(lowering_platforms=("cuda",))
print("ok")
