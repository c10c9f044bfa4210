"""Megatron MLP as an Equinox module on an explicit-sharding mesh (jax.make_mesh defaults to
Explicit axes): the column-parallel matmul's sharding is inferred, and the row-parallel matmul
contracts the 'model'-sharded hidden dimension, so its output sharding is given with out_sharding."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

ACT = P("data", None)


class ParallelMLP(eqx.Module):
    w_up: jax.Array    # (dim, hidden), hidden sharded over 'model'
    w_down: jax.Array  # (hidden, dim), hidden sharded over 'model'

    def __call__(self, x):
        h = jax.nn.gelu(x @ self.w_up)
        return x + jnp.matmul(h, self.w_down, out_sharding=ACT)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


@jax.jit
def sgd_step(model, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(model, x, y)
    model = jax.tree.map(lambda p, g: p - 1e-3 * g, model, grads)
    return model, loss


def abstract_model(mesh, dim, hidden):
    s = lambda shape, spec: jax.ShapeDtypeStruct(shape, jnp.float32, sharding=NamedSharding(mesh, spec))
    return ParallelMLP(w_up=s((dim, hidden), P(None, "model")),
                       w_down=s((hidden, dim), P("model", None)))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    model = abstract_model(mesh, 256, 1024)
    batch = jax.ShapeDtypeStruct((64, 256), jnp.float32, sharding=NamedSharding(mesh, ACT))
    with jax.set_mesh(mesh):
        sgd_step.trace(model, batch, batch).lower(lowering_platforms=("tpu",))
