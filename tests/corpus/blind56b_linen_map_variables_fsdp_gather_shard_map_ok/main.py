import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from fsdp import Model

AXIS = "fsdp"
mesh = jax.make_mesh((4,), (AXIS,), axis_types=(jax.sharding.AxisType.Explicit,))

x = jnp.ones((32, 128))
params = jax.eval_shape(Model().init, jax.random.key(0), x)["params"]
sharded_model = Model(fsdp_axis=AXIS)


def loss_fn(params, x):
    y = sharded_model.apply({"params": params}, x)
    return jax.lax.pmean(jnp.mean(y ** 2), AXIS)


@jax.jit
def grads(params, x):
    f = jax.shard_map(jax.value_and_grad(loss_fn), mesh=mesh,
                      in_specs=(P(AXIS), P(AXIS)), out_specs=(P(), P(AXIS)))
    return f(params, x)


with jax.set_mesh(mesh):
    params = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=P(AXIS)), params)
    x = jax.ShapeDtypeStruct(x.shape, x.dtype, sharding=P(AXIS))
    grads.trace(params, x).lower(lowering_platforms=("tpu",))
