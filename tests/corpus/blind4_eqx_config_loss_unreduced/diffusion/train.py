import equinox as eqx
import jax
from jax.sharding import PartitionSpec as P

from .model import batch_loss


def int_beta(t):
    return t


def build_step(pcfg, optim, static):
    axis = pcfg.batch_axis

    @jax.shard_map(in_specs=(P(), P(), P(axis), P()), out_specs=(P(), P(), P()))
    def sharded_step(params, opt_state, data, key):
        key = jax.random.fold_in(key, jax.lax.axis_index(axis))
        model = eqx.combine(params, static)
        loss, grads = eqx.filter_value_and_grad(batch_loss)(model, int_beta, data, 10.0, key)
        grads = jax.lax.pmean(grads, axis)
        updates, opt_state = optim.update(grads, opt_state, params)
        return eqx.apply_updates(params, updates), opt_state, loss

    return sharded_step
