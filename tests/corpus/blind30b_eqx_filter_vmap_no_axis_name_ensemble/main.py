"""Equinox ensemble built with eqx.filter_vmap over keys (the Equinox 'ensembling' trick); the
ensemble averages its members' predictions with lax.pmean, but the filter_vmap that applies the
members binds no axis name."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class Member(eqx.Module):
    mlp: eqx.nn.MLP
    axis: str = eqx.field(static=True)

    def __init__(self, key, axis="ensemble"):
        self.mlp = eqx.nn.MLP(4, 2, 32, 2, key=key)
        self.axis = axis

    def __call__(self, x):
        logits = self.mlp(x)
        return jax.lax.pmean(logits, self.axis)


@eqx.filter_vmap
def make_ensemble(key):
    return Member(key)


@eqx.filter_vmap(in_axes=(eqx.if_array(0), None))
def evaluate_ensemble(member, x):
    return member(x)


ensemble = make_ensemble(jax.random.split(jax.random.key(0), 5))
tx = optax.adam(1e-3)
opt_state = tx.init(eqx.filter(ensemble, eqx.is_inexact_array))


@eqx.filter_jit
def step(ensemble, opt_state, x, y):
    def loss(ens):
        logits = evaluate_ensemble(ens, x).mean(0)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    g = eqx.filter_grad(loss)(ensemble)
    upd, opt_state = tx.update(g, opt_state)
    return eqx.apply_updates(ensemble, upd), opt_state


arrays, static = eqx.partition((ensemble, opt_state), eqx.is_array)
lowered = jax.jit(lambda a, x, y: eqx.filter(step(*eqx.combine(a, static), x, y), eqx.is_array)).trace(
    arrays, jnp.ones((4,)), jnp.zeros((), jnp.int32)).lower(lowering_platforms=("cuda",))
print("lowered")
