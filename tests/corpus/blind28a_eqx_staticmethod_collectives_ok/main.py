"""Data-parallel Equinox training step: gradient/metric reductions live on a small helper class
(static methods), called from inside the shard_map'd step."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, PartitionSpec as P, NamedSharding


class DP:
    AXIS = "batch"

    @staticmethod
    def mean_grads(grads):
        return jax.tree.map(lambda g: jax.lax.pmean(g, DP.AXIS), grads)

    @classmethod
    def global_accuracy(cls, correct, count):
        return jax.lax.psum(correct, cls.AXIS) / jax.lax.psum(count, cls.AXIS)


model = eqx.nn.MLP(in_size=32, out_size=10, width_size=64, depth=2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
opt = optax.sgd(0.1, momentum=0.9)
opt_state = opt.init(params)
mesh = Mesh(jax.devices(), (DP.AXIS,))


def loss_fn(params, x, y):
    logits = jax.vmap(eqx.combine(params, static))(x)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, (jnp.argmax(logits, -1) == y).sum()


@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P(), P(), P(DP.AXIS), P(DP.AXIS)), out_specs=(P(), P(), P()))
def step(params, opt_state, x, y):
    (loss, correct), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, x, y)
    grads = DP.mean_grads(grads)
    updates, opt_state = opt.update(grads, opt_state, params)
    acc = DP.global_accuracy(correct, jnp.int32(x.shape[0]))
    return eqx.apply_updates(params, updates), opt_state, acc


data = NamedSharding(mesh, P(DP.AXIS))
x = jax.device_put(jnp.ones((64, 32)), data)
y = jax.device_put(jnp.zeros((64,), jnp.int32), data)
lowered = jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
