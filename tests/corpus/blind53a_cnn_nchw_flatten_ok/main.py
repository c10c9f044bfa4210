import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("batch", "chan"), axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.set_mesh(mesh)


def pointwise_conv(x, w):
    # x: (N, H, W, Cin), w: (Cin, Cout) sharded on Cout
    return jax.nn.gelu(jnp.einsum("nhwc,cd->nhwd", x, w))


def classifier(feats, w_head):
    n = feats.shape[0]
    # NHWC -> NCHW so the sharded channel dim is the major one being flattened
    flat = feats.transpose(0, 3, 1, 2).reshape(n, -1)
    return jnp.dot(flat, w_head, out_sharding=P("batch", None))


@jax.jit
def forward(params, images):
    h = pointwise_conv(images, params["conv"])
    return classifier(h, params["head"])


N, H, W, C, F, K = 8, 4, 4, 3, 16, 10
params = {
    "conv": jax.device_put(jnp.ones((C, F)), NamedSharding(mesh, P(None, "chan"))),
    "head": jax.device_put(jnp.ones((H * W * F, K)), NamedSharding(mesh, P("chan", None))),
}
images = jax.device_put(jnp.ones((N, H, W, C)), NamedSharding(mesh, P("batch", None, None, None)))

print(forward.trace(params, images).lower(lowering_platforms=("cuda",)).as_text()[:40])
