"""2D (data x model) tensor-parallel MLP: NNX parameters annotated with nnx.with_partitioning,
the shard_map in_specs derived from the annotations with nnx.get_partition_spec."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


class TPMLP(nnx.Module):
    def __init__(self, d, ff, rngs):
        init = nnx.initializers.lecun_normal()
        self.up = nnx.Linear(d, ff, use_bias=False, rngs=rngs, kernel_init=nnx.with_partitioning(init, (None, "model")))
        self.down = nnx.Linear(ff, d, use_bias=False, rngs=rngs, kernel_init=nnx.with_partitioning(init, ("model", None)))

    def __call__(self, x):
        # inside shard_map each device holds a column block of `up`, a row block of `down`
        h = jax.nn.relu(self.up(x))
        return jax.lax.psum(self.down(h), "model")


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))

with jax.set_mesh(mesh):
    model = TPMLP(32, 128, rngs=nnx.Rngs(0))
    graphdef, params = nnx.split(model, nnx.Param)
    param_specs = nnx.get_partition_spec(params)

    @jax.jit
    @functools.partial(jax.shard_map, in_specs=(param_specs, P("data"), P("data")), out_specs=(P(), param_specs))
    def grad_step(params, x, y):
        def loss_fn(params):
            m = nnx.merge(graphdef, params)
            return jnp.mean((m(x) - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        grads = jax.lax.pmean(grads, "data")
        return loss, grads  # loss is only logged

    x = jax.device_put(jnp.ones((8, 32)), P("data"))
    y = jax.device_put(jnp.ones((8, 32)), P("data"))
    lowered = grad_step.trace(params, x, y).lower(lowering_platforms=("cuda",))
print("ok")
