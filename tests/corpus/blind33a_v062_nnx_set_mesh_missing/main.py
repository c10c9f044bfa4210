import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class Model(nnx.Module):
    def __init__(self, rngs):
        init = nnx.initializers.lecun_normal()
        self.w1 = nnx.Linear(32, 64, kernel_init=nnx.with_partitioning(init, (None, "model")), rngs=rngs)
        self.w2 = nnx.Linear(64, 32, kernel_init=nnx.with_partitioning(init, ("model", None)), rngs=rngs)

    def __call__(self, x):
        return self.w2(nnx.relu(self.w1(x)))


@nnx.jit
def create_sharded_model():
    model = Model(nnx.Rngs(0))
    state = nnx.state(model)
    sharded = jax.lax.with_sharding_constraint(state, nnx.get_partition_spec(state))
    nnx.update(model, sharded)
    return model


mesh = jax.make_mesh((2, 2), ("data", "model"))
with jax.set_mesh(mesh):
    model = create_sharded_model()
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    optimizer.update(model, grads)
    return loss


x = jnp.ones((8, 32))
print(train_step.trace(model, optimizer, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
