import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from parallel import sync_grads


def cross_entropy(model, x, y):
    logits = jax.vmap(model)(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def build_step(mesh, optim):
    @eqx.filter_jit
    def step(model, opt_state, x, y):
        params, static = eqx.partition(model, eqx.is_array)

        @functools.partial(jax.shard_map, mesh=mesh,
                           in_specs=(P(), P("dp"), P("dp")), out_specs=(P(), P()))
        def local_grads(params, x, y):
            loss, grads = jax.value_and_grad(
                lambda p: cross_entropy(eqx.combine(p, static), x, y))(params)
            return jax.lax.pmean(loss, "dp"), sync_grads(grads)

        loss, grads = local_grads(params, x, y)
        updates, opt_state = optim.update(grads, opt_state, params)
        model = eqx.apply_updates(model, updates)
        return model, opt_state, loss

    return step
