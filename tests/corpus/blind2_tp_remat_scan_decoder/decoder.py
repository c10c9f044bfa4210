"""A scanned decoder stack: each layer is rematerialised with a names-based policy and its
attention/MLP outputs are all-reduced over the tensor axis."""
import functools

import jax
import jax.numpy as jnp
from jax.ad_checkpoint import checkpoint_name


def decoder_layer(x, layer_params, tp_axis):
    with jax.named_scope("attention"):
        attn = jax.nn.softmax(x @ layer_params["qk"], axis=-1) @ layer_params["o"]
        attn = checkpoint_name(jax.lax.psum(attn, tp_axis), "attn_out")
    x = x + attn
    with jax.named_scope("mlp"):
        h = jax.nn.gelu(x @ layer_params["wi"])
        mlp = checkpoint_name(jax.lax.psum(h @ layer_params["wo"], tp_axis), "mlp_out")
    return x + mlp


def make_decoder(tp_axis, remat_policy="save_out_proj"):
    policies = {
        "full": jax.checkpoint_policies.nothing_saveable,
        "save_out_proj": jax.checkpoint_policies.save_only_these_names("attn_out", "mlp_out"),
        "minimal": jax.checkpoint_policies.checkpoint_dots_with_no_batch_dims,
    }
    layer = jax.checkpoint(decoder_layer, policy=policies[remat_policy], static_argnums=(2,), prevent_cse=False)

    def scan_body(x, layer_params):
        return layer(x, layer_params, tp_axis), None

    @jax.named_call
    def decoder(x, stacked_params):
        x, _ = jax.lax.scan(scan_body, x, stacked_params)
        return x

    return decoder
