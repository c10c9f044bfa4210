import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding
from flax import nnx


class Model(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(32, 64, kernel_init=nnx.with_partitioning(
            nnx.initializers.xavier_uniform(), (None, "model")), rngs=rngs)
        self.l2 = nnx.Linear(64, 8, kernel_init=nnx.with_partitioning(
            nnx.initializers.xavier_uniform(), ("model", None)), rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@nnx.jit
def create_sharded_model():
    model = Model(rngs=nnx.Rngs(0))
    state = nnx.state(model)
    pspecs = nnx.get_partition_spec(state)
    sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
    nnx.update(model, sharded_state)
    return model


mesh = jax.make_mesh((2, 2), ("data", "model"))
_mesh_ctx = getattr(jax, "set_mesh", None) or jax.sharding.use_mesh
with _mesh_ctx(mesh):
    model = create_sharded_model()


@nnx.jit
def fwd(model, x):
    return model(x)


x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P("data")))
print(jax.jit(fwd).trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:10])
