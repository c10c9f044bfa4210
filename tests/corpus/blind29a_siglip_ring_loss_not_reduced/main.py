"""SigLIP sigmoid loss computed chunk by chunk with a ppermute ring; the step returns the
per-device loss for logging, while its out_specs claim a replicated scalar."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

AXIS = "batch"
N_DEV = 4


class TwoTower(nn.Module):
    @nn.compact
    def __call__(self, img, txt):
        zi = nn.Dense(32, name="img_proj")(nn.gelu(nn.Dense(64)(img)))
        zt = nn.Dense(32, name="txt_proj")(nn.gelu(nn.Dense(64)(txt)))
        t = self.param("t_prime", nn.initializers.constant(jnp.log(10.0)), ())
        b = self.param("bias", nn.initializers.constant(-10.0), ())
        zi = zi / jnp.linalg.norm(zi, axis=-1, keepdims=True)
        zt = zt / jnp.linalg.norm(zt, axis=-1, keepdims=True)
        return zi, zt, jnp.exp(t), b


def sigmoid_chunk(zi, zt, t, b, positive):
    logits = t * jnp.einsum("id,td->it", zi, zt) + b
    labels = 2 * jnp.eye(zi.shape[0]) - 1 if positive else -jnp.ones_like(logits)
    return -jnp.sum(jax.nn.log_sigmoid(labels * logits))


def siglip_loss(params, img, txt):
    zi, zt, t, b = TwoTower().apply({"params": params}, img, txt)
    loss = sigmoid_chunk(zi, zt, t, b, positive=True)
    ring = [(j, (j + 1) % N_DEV) for j in range(N_DEV)]
    for _ in range(N_DEV - 1):
        zt = jax.lax.ppermute(zt, AXIS, perm=ring)
        loss = loss + sigmoid_chunk(zi, zt, t, b, positive=False)
    return loss / zi.shape[0]


def train_step(params, opt_state, img, txt):
    loss, grads = jax.value_and_grad(siglip_loss)(params, img, txt)
    grads = jax.lax.pmean(grads, AXIS)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss  # logged on host 0


mesh = Mesh(np.array(jax.devices()[:N_DEV]), (AXIS,))
tx = optax.adam(1e-3)
params = TwoTower().init(jax.random.PRNGKey(0), jnp.zeros((1, 48)), jnp.zeros((1, 24)))["params"]
opt_state = tx.init(params)
step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P(), P(AXIS), P(AXIS)),
                             out_specs=(P(), P(), P())))
lowered = step.trace(params, opt_state, jnp.ones((32, 48)), jnp.ones((32, 24))).lower(
    lowering_platforms=("cuda",))
print("ok")
