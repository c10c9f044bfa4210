import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from ensemble import build_ensemble, member_distill_loss

optim = optax.adam(5e-4)


def ensemble_loss(ensemble, x):
    per_member = eqx.filter_vmap(member_distill_loss, in_axes=(eqx.if_array(0), None, None))
    return jnp.sum(per_member(ensemble, x, 2.0))


@eqx.filter_jit
def step(ensemble, opt_state, x):
    loss, grads = eqx.filter_value_and_grad(ensemble_loss)(ensemble, x)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(ensemble, eqx.is_array))
    return eqx.apply_updates(ensemble, updates), opt_state, loss


def main():
    ensemble = build_ensemble(jax.random.key(3), n_members=4, in_size=32, out_size=10)
    opt_state = optim.init(eqx.filter(ensemble, eqx.is_array))
    arrays, static = eqx.partition((ensemble, opt_state), eqx.is_array)
    x = jnp.ones((64, 32))

    @jax.jit
    def run(arrays, x):
        out = step(*eqx.combine(arrays, static), x)
        return eqx.filter(out, eqx.is_array)

    run.trace(arrays, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
