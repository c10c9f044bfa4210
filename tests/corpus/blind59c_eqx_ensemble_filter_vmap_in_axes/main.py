import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

ENSEMBLE_SIZE = 4


@eqx.filter_vmap
def make_ensemble(key):
    return eqx.nn.MLP(8, 1, width_size=32, depth=2, key=key)


def evaluate_member(model, x):
    return jax.vmap(model)(x)


def ensemble_predict(ensemble, x):
    # one forward per ensemble member, all members see the same batch
    preds = eqx.filter_vmap(evaluate_member, in_axes=(eqx.if_array(0), 0))(ensemble, x)
    return jnp.mean(preds, axis=0), jnp.std(preds, axis=0)


def main():
    mesh = Mesh(np.array(jax.devices()), ("ens",))
    ensemble = make_ensemble(jr.split(jr.PRNGKey(0), ENSEMBLE_SIZE))
    params, static = eqx.partition(ensemble, eqx.is_array)
    param_sharding = jax.tree.map(lambda _: NamedSharding(mesh, P("ens")), params)
    replicated = NamedSharding(mesh, P())

    predict = jax.jit(
        lambda p, x: ensemble_predict(eqx.combine(p, static), x),
        in_shardings=(param_sharding, replicated),
        out_shardings=replicated,
    )
    x = jax.ShapeDtypeStruct((128, 8), jnp.float32)
    predict.trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
