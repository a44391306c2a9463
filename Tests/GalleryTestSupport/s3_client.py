#!/usr/bin/env python3
"""The tests' independent S3 client (boto3), to set a bucket up and read it back:
    s3_client.py ENDPOINT KEY SECRET create BUCKET
    s3_client.py ENDPOINT KEY SECRET dump BUCKET PREFIX
        -> {key: {"md5": of the bytes read back, "size", "type": Content-Type,
                  "cache": Cache-Control, "modified": Last-Modified (ISO)}}
    s3_client.py ENDPOINT KEY SECRET put BUCKET KEY TEXT
"""
import hashlib
import json
import sys

import boto3
from botocore.config import Config


def main():
    endpoint, key, secret, command = sys.argv[1:5]
    s3 = boto3.client("s3", endpoint_url=endpoint, aws_access_key_id=key, aws_secret_access_key=secret, region_name="us-east-1",
                      config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 3}))
    if command == "create":
        s3.create_bucket(Bucket=sys.argv[5])
        print("{}")
    elif command == "put":
        s3.put_object(Bucket=sys.argv[5], Key=sys.argv[6], Body=sys.argv[7].encode())
        print("{}")
    elif command == "dump":
        bucket, prefix = sys.argv[5], sys.argv[6]
        out = {}
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
            for entry in page.get("Contents", []):
                got = s3.get_object(Bucket=bucket, Key=entry["Key"])
                body = got["Body"].read()
                out[entry["Key"]] = {"md5": hashlib.md5(body).hexdigest(), "size": len(body), "type": got.get("ContentType", ""),
                                     "cache": got.get("CacheControl", ""), "modified": entry["LastModified"].isoformat()}
        print(json.dumps(out))
    else:
        raise SystemExit(f"unknown command {command}")


if __name__ == "__main__":
    main()
