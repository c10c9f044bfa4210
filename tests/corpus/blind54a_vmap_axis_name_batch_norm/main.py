"""Per-example function vmapped with an axis name so batch statistics can be pmean'd."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("dp",), axis_types=(jax.sharding.AxisType.Auto,))


def normalize_example(x, scale, bias):
    mean = lax.pmean(x, axis_name="batch")
    var = lax.pmean(jnp.square(x - mean), axis_name="batch")
    return (x - mean) * lax.rsqrt(var + 1e-5) * scale + bias


def forward(params, xs):
    h = xs @ params["w"]
    h = jax.vmap(normalize_example, in_axes=(0, None, None), axis_name="batch")(
        h, params["scale"], params["bias"])
    return jax.nn.relu(h).mean()


fwd = jax.jit(forward, in_shardings=(None, NamedSharding(mesh, P("dp"))))

if __name__ == "__main__":
    params = {"w": jnp.ones((32, 64)), "scale": jnp.ones((64,)), "bias": jnp.zeros((64,))}
    xs = jax.ShapeDtypeStruct((16, 32), jnp.float32)
    fwd.trace(params, xs).lower(lowering_platforms=("tpu",))
