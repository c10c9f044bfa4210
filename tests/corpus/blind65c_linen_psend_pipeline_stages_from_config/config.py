PIPELINE_CONFIG = dict(
    stage_axis="stage",
    num_stages=8,      # one stage per GPU on an 8-GPU host
    d_model=128,
    d_ff=512,
    microbatch=16,
)
