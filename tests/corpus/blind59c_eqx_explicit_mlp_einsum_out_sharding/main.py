import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class MegatronMLP(eqx.Module):
    w_in: jax.Array
    b_in: jax.Array
    w_out: jax.Array

    def __init__(self, d_model, d_ff, *, key):
        k1, k2 = jax.random.split(key)
        self.w_in = jax.random.normal(k1, (d_model, d_ff)) * d_model**-0.5
        self.b_in = jnp.zeros((d_ff,))
        self.w_out = jax.random.normal(k2, (d_ff, d_model)) * d_ff**-0.5

    def __call__(self, x):
        # x: [batch, d_model] sharded over "data"
        h = jax.nn.gelu(jnp.einsum("bd,df->bf", x, self.w_in) + self.b_in)
        # contracting dim is sharded over "model": say where the result lives
        return jnp.einsum("bf,fd->bd", h, self.w_out, out_sharding=P("data", None))


SPECS = {"w_in": P(None, "model"), "b_in": P("model"), "w_out": P("model", None)}


def shard_module(module, mesh):
    return eqx.tree_at(
        lambda m: (m.w_in, m.b_in, m.w_out), module,
        tuple(jax.device_put(getattr(module, n), NamedSharding(mesh, SPECS[n]))
              for n in ("w_in", "b_in", "w_out")))


def loss_fn(model, x, y):
    return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()


def main():
    mesh = jax.make_mesh((2, 2), ("data", "model"),
                         axis_types=(AxisType.Explicit, AxisType.Explicit))
    with jax.set_mesh(mesh):
        model = shard_module(MegatronMLP(256, 1024, key=jax.random.PRNGKey(0)), mesh)
        x = jax.device_put(jnp.zeros((32, 256)), NamedSharding(mesh, P("data", None)))
        y = jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, P("data")))

        @jax.jit
        def grad_step(model, x, y):
            return eqx.filter_value_and_grad(loss_fn)(model, x, y)

        grad_step.trace(model, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
