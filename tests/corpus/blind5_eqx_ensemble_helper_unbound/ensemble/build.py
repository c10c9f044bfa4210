import equinox as eqx
import jax

from .stats import member_spread


@eqx.filter_vmap
def make_ensemble(key):
    return eqx.nn.MLP(2, 2, width_size=16, depth=2, key=key)


@eqx.filter_vmap(in_axes=(eqx.if_array(0), None))
def evaluate_ensemble(model, x):
    pred = jax.vmap(model)(x)
    return pred, member_spread(pred)
