import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from sharding_rules import mlp_param_specs, shard_params


def loss_fn(model, x, y):
    pred = jax.vmap(model)(x)
    return optax.softmax_cross_entropy_with_integer_labels(pred, y).mean()


def main():
    mesh = jax.make_mesh((2, 2), ("data", "model"),
                         axis_types=(AxisType.Explicit, AxisType.Explicit))
    model = eqx.nn.MLP(256, 16, width_size=1024, depth=1, key=jax.random.PRNGKey(0))
    params, static = eqx.partition(model, eqx.is_array)

    with jax.set_mesh(mesh):
        params = shard_params(params, mlp_param_specs(model), mesh)
        x = jax.device_put(jnp.zeros((32, 256)), NamedSharding(mesh, P("data", None)))
        y = jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, P("data")))

        @jax.jit
        def grad_step(params, x, y):
            return eqx.filter_value_and_grad(loss_fn)(eqx.combine(params, static), x, y)

        grad_step.trace(params, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
