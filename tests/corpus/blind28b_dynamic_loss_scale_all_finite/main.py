"""Mixed-precision data-parallel step with dynamic loss scaling; finiteness agreed across devices."""
import functools

import jax
import jax.numpy as jnp
import optax
from jax import lax as L
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = "replica"
mesh = jax.make_mesh((4,), (AXIS,))
tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(1e-3))


class LossScale:
    def __init__(self, scale, period=2000, factor=2.0):
        self.scale, self.period, self.factor = scale, period, factor

    def scale_loss(self, loss):
        return loss * self.scale

    def unscale(self, grads):
        return jax.tree.map(lambda g: (g / self.scale).astype(jnp.float32), grads)


def all_finite(tree):
    leaves = [jnp.all(jnp.isfinite(x)) for x in jax.tree.leaves(tree)]
    ok = jnp.stack(leaves).all()
    return L.pmin(ok.astype(jnp.int32), AXIS) == 1


def forward(params, x):
    h = jnp.dot(x.astype(jnp.bfloat16), params["w"].astype(jnp.bfloat16))
    return h.astype(jnp.float32)


def train_step(params, opt_state, scale, x, y):
    ls = LossScale(scale)

    def loss_fn(p):
        return ls.scale_loss(jnp.mean((forward(p, x) - y) ** 2))

    scaled_loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = L.pmean(ls.unscale(grads), AXIS)
    finite = all_finite(grads)
    updates, new_opt = tx.update(grads, opt_state, params)
    new_params = optax.apply_updates(params, updates)
    params = jax.tree.map(lambda n, o: jnp.where(finite, n, o), new_params, params)
    opt_state = jax.tree.map(lambda n, o: jnp.where(finite, n, o), new_opt, opt_state)
    scale = jnp.where(finite, scale, scale / 2)
    return params, opt_state, scale, L.pmean(scaled_loss / ls.scale, AXIS)


train_step = jax.jit(
    jax.shard_map(train_step, mesh=mesh,
                  in_specs=(P(), P(), P(), P(AXIS), P(AXIS)),
                  out_specs=(P(), P(), P(), P())),
    donate_argnums=(0, 1),
)

params = {"w": jnp.zeros((16, 4))}
opt_state = tx.init(params)
sh = NamedSharding(mesh, P(AXIS))
x = jax.device_put(jnp.ones((32, 16)), sh)
y = jax.device_put(jnp.ones((32, 4)), sh)
scale = jnp.float32(2.0 ** 15)
print(train_step.trace(params, opt_state, scale, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
