import functools

import jax
import equinox as eqx
import optax
from jax.sharding import PartitionSpec as P

AXIS = "data"


def loss_fn(model, x, y):
    logits, penalty = model(x)
    ce = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return ce + 1e-4 * penalty, ce


def make_step(mesh, static, optim):

    @functools.partial(
        jax.shard_map,
        mesh=mesh,
        in_specs=(P(), P(), P(AXIS), P(AXIS)),
        out_specs=(P(), P(), P()),
    )
    def step(params, opt_state, x, y):
        model = eqx.combine(params, static)
        (_, ce), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, x, y)
        grads = jax.lax.pmean(eqx.filter(grads, eqx.is_array), AXIS)
        updates, opt_state = optim.update(grads, opt_state, params)
        params = eqx.apply_updates(params, updates)
        return params, opt_state, jax.lax.pmean(ce, AXIS)

    return jax.jit(step)
